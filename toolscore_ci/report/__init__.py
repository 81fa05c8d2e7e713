"""Renderers: pure functions from results to text, XML or JSON. Adapters that send the text
somewhere (files, stdout, the GitHub API) live with their surface, not here."""
