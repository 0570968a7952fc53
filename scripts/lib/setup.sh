# Sourced by scripts/test.sh and scripts/bench.sh: installs what a fresh machine lacks.
# Idempotent and quick when everything is present.
LATTICE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
LATTICE_VENV="$LATTICE_ROOT/.venv"
LATTICE_PY="$LATTICE_VENV/bin/python"

lattice_setup_system() {
    local wanted=(pkg-config libjemalloc-dev libsqlite3-dev libunwind-dev libsimdjson-dev valgrind binutils chromium)
    local missing=()
    for p in "${wanted[@]}"; do
        dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "setup: installing ${missing[*]}" >&2
        local sudo=""
        [ "$(id -u)" -ne 0 ] && sudo=sudo
        $sudo apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    fi
}

lattice_setup_venv() {
    local req="$LATTICE_ROOT/scripts/requirements.txt"
    local stamp="$LATTICE_VENV/.requirements"
    if [ ! -x "$LATTICE_PY" ]; then
        echo "setup: creating $LATTICE_VENV" >&2
        python3 -m venv "$LATTICE_VENV"
    fi
    if ! cmp -s "$req" "$stamp"; then
        echo "setup: installing pinned Python packages" >&2
        "$LATTICE_PY" -m pip install -q --disable-pip-version-check -r "$req" >&2
        cp "$req" "$stamp"
    fi
}
