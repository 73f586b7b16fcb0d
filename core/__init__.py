"""ResumeForge core: contracts, ingestion, retrieval, LLM access, stages, pipeline, rendering, CLI.

Importing the package changes nothing in the process: the offline defaults (litellm's local
price list, Hugging Face offline, quiet LanceDB) are set by `core.environment
.apply_process_defaults()`, which the entry points and the library loaders call.
"""

__version__ = "0.1.0"
