"""The ``gametree`` command installed by ``pip install``: the same command
line as the Rust binary, compiled into the extension module."""

import sys

from . import _gametree


def main() -> None:
    sys.exit(_gametree.run_cli(sys.argv))


if __name__ == "__main__":
    main()
