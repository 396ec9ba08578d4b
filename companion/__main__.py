"""``python -m companion``: the same as the ``companion`` command."""

from companion.cli.main import main

raise SystemExit(main())
