"""``python -m explorer``: the same as the ``explorer`` command."""
import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
