"""The server's settings: one object, built once from defaults, the profile, the environment and the command
line; every option has its variable; ``--print-settings`` shows them with passwords masked; nothing else in the
product reads the environment."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from gamenight.web.limits import SETTING_GROUPS, Limits, UploadLimits
from gamenight.web.serve import serve
from gamenight.web.settings import OPTIONS, Settings, option_variable, settings_options

ROOT = Path(__file__).parent.parent
# The test kit may read the test run's environment (where Chromium is); everything else takes its settings.
READERS = {"environ", "environb", "getenv"}
TEST_KIT = {"core/testing.py", "core/testing_plugin.py", "web/testing.py", "web/services.py"}


def gathered(args: list[str], env: dict[str, str] | None = None) -> Settings:
    seen = {}

    @click.command()
    @settings_options
    def command(settings: Settings) -> None:
        seen["settings"] = settings

    result = CliRunner().invoke(command, args, env=env or {})
    assert result.exit_code == 0, result.output
    return seen["settings"]


def test_defaults_then_profile_then_environment_then_command_line():
    assert gathered([]) == Settings()
    public = gathered(["--limits", "public"])
    assert public.limits == Limits.profile("public") and public.upload_limits == UploadLimits.profile("public")
    env = {"GAMENIGHT_LIMITS": "public", "GAMENIGHT_MAX_CONNECTIONS": "50", "GAMENIGHT_IDLE_MINUTES": "3"}
    from_env = gathered([], env)
    assert from_env.limits == Limits.profile("public").replace(max_connections=50)
    assert from_env.idle_minutes == 3.0
    both = gathered(["--max-connections", "60", "--idle-minutes", "4", "--limits", "home"], env)
    assert both.limits == Limits(max_connections=60) and both.idle_minutes == 4.0
    assert gathered([], {"GAMENIGHT_PLUGINS": "one, two"}).plugins == ("one", "two")
    assert gathered(["--plugin", "three"], {"GAMENIGHT_PLUGINS": "one"}).plugins == ("three",)


def test_refused_values_say_which_setting():
    @click.command()
    @settings_options
    def command(settings: Settings) -> None:
        pass

    for args, env in ((["--event-burst", "0"], {}), ([], {"GAMENIGHT_UPLOAD_DECODERS": "0"})):
        result = CliRunner().invoke(command, args, env=env)
        assert result.exit_code == 2, result.output


def test_every_option_has_its_variable_and_the_guide_names_them():
    options = [p for p in serve.params if isinstance(p, click.Option) and p.name != "print_settings"]
    limit_names = {outside for group in SETTING_GROUPS for outside in group.setting_names().values()}
    assert {p.name for p in options} == {name for name, _ in OPTIONS} | limit_names
    deploy = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    for option in options:
        assert option.envvar, option.name
        assert option.envvar == option_variable(option.name, dict(OPTIONS).get(option.name, {}))
        if option.name not in limit_names:  # the limits' variables are listed in docs/protocol.md, Limits
            assert f"`{option.envvar}`" in deploy, option.envvar
    assert "--db has no environment variable" not in deploy


def test_print_settings_shows_what_is_in_force_with_passwords_masked():
    env = {
        "GAMENIGHT_DB": "postgresql://night:s3cret@db.example:5432/gamenight",
        "GAMENIGHT_CLUSTER": "redis://:hush@redis.example:6379/0",
        "GAMENIGHT_LIMITS": "public",
    }
    result = CliRunner().invoke(serve, ["--print-settings", "--port", "8100"], env=env)
    assert result.exit_code == 0, result.output
    assert "s3cret" not in result.output and "hush" not in result.output
    shown = json.loads(result.output)
    assert shown["db"] == "postgresql://night:***@db.example:5432/gamenight"
    assert shown["cluster"] == "redis://:***@redis.example:6379/0"
    assert shown["port"] == 8100 and shown["limits"] == "public"
    assert shown["max_connections"] == Limits.profile("public").max_connections
    assert shown["upload_quota_mb"] == UploadLimits.profile("public").quota_mb


def environment_reads(path: Path) -> list[int]:
    """Lines of ``path`` that read the process's environment (``os.environ``, ``os.getenv``, ``environ``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        attribute = isinstance(node, ast.Attribute) and node.attr in READERS
        imported = isinstance(node, ast.ImportFrom) and node.module == "os" and {a.name for a in node.names} & READERS
        if attribute or imported:
            found.append(node.lineno)
    return found


@pytest.mark.parametrize("package", ["core", "web", "plugins"])
def test_no_module_of_the_product_reads_the_environment(package):
    readers = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        where = str(path.relative_to(ROOT))
        if where in TEST_KIT or "/templates/" in where:
            continue
        lines = environment_reads(path)
        if lines:
            readers[where] = lines
    assert readers == {}, f"read the environment outside gamenight.web.settings: {readers}"
