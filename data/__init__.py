"""The project's data files (YAML/JSON), installed as the package ``explorer.data`` (see pyproject.toml).

This file only makes the folder a regular package, which an editable install needs to map it.
"""
