"""The Docker action's entry point: the runner's environment in, toolscore_ci.action out."""

import sys

from toolscore_ci.action import main

if __name__ == "__main__":
    sys.exit(main())
