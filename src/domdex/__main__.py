from domdex.cli import main

raise SystemExit(main())
