# Shared by serve.sh and test.sh: a virtual environment in .venv with gamenight installed.
# On a fresh Debian, python3 -m venv needs the python3-venv package; it is installed when missing.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV="$ROOT/.venv"

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

apt_install() {
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

require_python() {
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
        echo "gamenight needs Python 3.11 or newer; this python3 is $(python3 --version 2>&1)" >&2
        exit 1
    }
}

# What an install was made from: pyproject.toml's hash. The checkout is installed in editable mode, so
# code changes need no reinstall; only a changed pyproject.toml (dependencies, entry points) does.
STAMP="$VENV/.gamenight-installed"

installed_already() {  # installed_already EXTRAS: this pyproject.toml was installed with these extras
    local hash
    hash=$(sha256sum "$ROOT/pyproject.toml" | cut -d' ' -f1)
    [ -x "$VENV/bin/gamenight" ] && [ -f "$STAMP" ] || return 1
    if [ -z "${1:-}" ]; then
        grep -q "^$hash " "$STAMP"  # any install has the base
    else
        grep -qxF "$hash $1" "$STAMP"
    fi
}

# install_gamenight [EXTRAS]: create .venv if needed and install this checkout into it, once: a second
# start with nothing changed touches no network (the server runs on a Wi-Fi without internet).
install_gamenight() {
    require_python
    if installed_already "${1:-}"; then
        return
    fi
    if [ ! -x "$VENV/bin/python" ]; then
        if ! python3 -m venv "$VENV" >/dev/null 2>&1; then
            rm -rf "$VENV"
            apt_install python3-venv
            python3 -m venv "$VENV"
        fi
    fi
    "$VENV/bin/python" -m pip install -q --upgrade pip
    "$VENV/bin/python" -m pip install -q -e "$ROOT${1:-}"
    echo "$(sha256sum "$ROOT/pyproject.toml" | cut -d' ' -f1) ${1:-}" >>"$STAMP"
}
