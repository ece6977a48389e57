from cardtools.cli import main

raise SystemExit(main())
