import sys

from toolscore_ci.cli import main

sys.exit(main())
