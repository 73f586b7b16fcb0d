"""Files the package ships beside its code: prompts, DOCX templates, the PDF layout, data.

They are found through `importlib.resources`, so an installed wheel and a checkout read the same
files wherever the current directory is. The package is installed as a folder (never zipped), so
each resource is a real path on disk that Typst, docxtpl and Jinja can open.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def package_dir(name: str) -> Path:
    """The folder `name` inside the `core` package (e.g. "prompts", "templates", "data")."""
    return Path(str(files("core").joinpath(name)))
