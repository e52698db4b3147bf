"""The ``smem-lint`` command line, installed with the package (``smem-lint ...`` or
``python -m smem_lint ...``): the same Rust command line as ``cargo install smem-lint``, run in this
process."""

from __future__ import annotations

import signal
import sys
from typing import List, Optional

from . import _native


def main(argv: Optional[List[str]] = None) -> int:
    """Run ``smem-lint`` with ``argv`` (default: this process's arguments); returns its exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    # Ctrl-C ends the command as it ends the native binary (Python would only note it for later).
    if hasattr(signal, "SIGINT"):
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.stdout.flush()
    sys.stderr.flush()
    return int(_native.main(["smem-lint", *args]))


if __name__ == "__main__":
    sys.exit(main())
