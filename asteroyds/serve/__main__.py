"""``python -m asteroyds.serve NOTEBOOKS [options]``: the class server in this process."""

from .app import main

if __name__ == "__main__":  # pragma: no cover
    main()
