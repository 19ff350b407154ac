"""``python -m openwhist``: the same commands as the ``openwhist`` script."""

from openwhist.cli import main

if __name__ == "__main__":
    main()
