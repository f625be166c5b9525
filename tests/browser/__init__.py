"""Browser tests (Playwright + Chromium) of the web client."""
