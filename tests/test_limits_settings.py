"""The limits as settings: profiles, groups, the file limit, the docs (options and variables: test_settings.py)."""

from __future__ import annotations

import dataclasses
import json
import resource
from pathlib import Path

import pytest
from gamenight.web.limits import (
    PROFILES,
    SETTING_GROUPS,
    Limits,
    env_name,
    files_needed,
    fit_to_file_limit,
)

ROOT = Path(__file__).parent.parent


def test_one_settings_system_names_every_limit_once():
    """Every limit is a setting of one group, read the same way: its option, its variable, the profiles."""
    assert [group.__name__ for group in SETTING_GROUPS] == ["Limits", "UploadLimits"]
    names = [outside for group in SETTING_GROUPS for outside in group.setting_names().values()]
    assert len(names) == len(set(names))
    assert env_name("upload_quota_mb") == "GAMENIGHT_UPLOAD_QUOTA_MB"
    assert set(PROFILES) == {"home", "public"} and set(PROFILES["public"]) <= set(names)
    for group in SETTING_GROUPS:
        assert group.profile("home") == group()
        with pytest.raises(ValueError, match="must be one of home, public"):
            group.profile("party")
        assert set(dataclasses.asdict(group.from_settings(dict.fromkeys(group.setting_names(), "7"))).values()) == {7}
        with pytest.raises(ValueError, match="must be positive"):
            group.from_settings(dict.fromkeys(group.setting_names(), "0"))


class FakeFileLimit:
    def __init__(self, soft: int, hard: int) -> None:
        self.soft, self.hard = soft, hard

    def getrlimit(self, _):
        return self.soft, self.hard

    def setrlimit(self, _, limits):
        soft, hard = limits
        if soft > self.hard:
            raise ValueError("not allowed")
        self.soft = soft


@pytest.fixture
def file_limit(monkeypatch):
    def install(soft: int, hard: int) -> FakeFileLimit:
        fake = FakeFileLimit(soft, hard)
        monkeypatch.setattr(resource, "getrlimit", fake.getrlimit)
        monkeypatch.setattr(resource, "setrlimit", fake.setrlimit)
        return fake

    return install


def test_the_soft_file_limit_is_raised_up_to_the_hard_one(file_limit):
    fake = file_limit(256, 4096)
    warnings: list[str] = []
    assert fit_to_file_limit(Limits(), warnings.append) == Limits()
    assert fake.soft == files_needed(400) == 864 and not warnings


def test_a_hard_file_limit_too_low_lowers_the_connection_limit_with_a_warning(file_limit):
    file_limit(256, 256)
    warnings: list[str] = []
    limits = fit_to_file_limit(Limits.profile("public"), warnings.append)
    assert limits.max_connections == 96 and limits.max_connections_per_address == 96
    assert limits.max_sockets_per_address == 24
    (warning,) = warnings
    assert "ulimit -n" in warning and "lowered from 4000 to 96" in warning


def test_a_file_limit_far_too_low_refuses_to_start(file_limit):
    file_limit(64, 64)
    with pytest.raises(SystemExit, match="ulimit -n"):
        fit_to_file_limit(Limits(), print)


def test_every_limit_and_its_error_is_documented_and_translated():
    protocol = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    limits_section = protocol.split("## Limits", 1)[1].split("\n## ", 1)[0]
    for setting in dataclasses.fields(Limits):
        assert f"`{setting.name}`" in limits_section, setting.name
        assert f"--{setting.name.replace('_', '-')}" in limits_section, setting.name
    for code in ("server_busy", "too_many_connections", "too_many_lobbies", "rate_limited", "too_many_attempts"):
        assert f"`{code}`" in limits_section, code
        for lang in ("en", "ru"):
            strings = json.loads((ROOT / "web" / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
            assert f"error.{code}" in strings, (lang, code)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Hosting on a public server" in readme
    assert readme.index("## Hosting on a public server") < readme.index("## What is where")
