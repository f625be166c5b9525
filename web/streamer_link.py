"""Streamer mode's private link as the web pages draw it: ``/l/<CODE>?invite=<invite>`` (``gamenight.streamer``)."""

from __future__ import annotations

import re

INVITE_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What an invite looks like (``secrets.token_urlsafe``): anything else is left out of a drawn link."""
