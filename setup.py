"""Build boneyard's compiled core, the extension ``boneyard.core._kernel`` (C, in
src/boneyard/core/csrc/).

The extension is optional: where it cannot be built (no C compiler, no Python headers) the install
goes on without it, and boneyard runs on its pure-Python engine, saying so in one line
(``boneyard.core.kernel``). Everything else about the package is in pyproject.toml.
"""

import platform

from setuptools import Extension, setup

CSRC = "src/boneyard/core/csrc"
# Hands are bitmasks: the popcount instruction (every x86-64 processor since 2008) is much faster
# than the library's loop.
SPEED = ["-mpopcnt"] if platform.machine() in ("x86_64", "AMD64") else []

setup(
    ext_modules=[
        Extension(
            "boneyard.core._kernel",
            sources=[f"{CSRC}/module.c"],
            depends=[
                f"{CSRC}/{name}"
                for name in (
                    "kernel.h",
                    "engine.h",
                    "solver.h",
                    "playout.h",
                    "bind.h",
                    "vector.h",
                    "vector_line.h",
                    "vector_trick.h",
                    "tricks.h",
                    "tsolver.h",
                    "tbind.h",
                )
            ],
            extra_compile_args=["-O3", "-std=gnu11", "-Wno-unused-function", *SPEED],
            optional=True,
        )
    ]
)
