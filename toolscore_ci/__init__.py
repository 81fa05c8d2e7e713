"""toolscore-ci: check AI agents' success claims against what their tools actually returned."""

__version__ = "0.1.0"
