"""The Streamlit layer's shared parts: typed session state, render_* widgets, the sidebar and
the actions that call `core.service.TailoringSession`. Pages stay thin and import from here."""
