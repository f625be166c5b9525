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

# install_gamenight [EXTRAS]: create .venv if needed and install this checkout into it.
install_gamenight() {
    require_python
    if [ ! -x "$VENV/bin/python" ]; then
        if ! python3 -m venv "$VENV" >/dev/null 2>&1; then
            rm -rf "$VENV"
            apt_install python3-venv
            python3 -m venv "$VENV"
        fi
    fi
    "$VENV/bin/python" -m pip install -q --upgrade pip
    "$VENV/bin/python" -m pip install -q -e "$ROOT${1:-}"
}
