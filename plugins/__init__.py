"""The built-in games. Each registers through the ``gamenight.plugins`` entry-point group."""
