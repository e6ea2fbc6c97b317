# lit.cfg.py — runs the gtest binaries built into build/test/Unit.
import os

import lit.formats

config.name = "rlx-unit"
config.test_format = lit.formats.GoogleTest(".", "Tests")
config.test_source_root = os.path.join(config.rlx_obj_root, "test", "Unit")
config.test_exec_root = config.test_source_root

# Device calibrations (rlx/CostModel.h) go to the build tree, not $HOME.
config.environment["RLX_CACHE_DIR"] = os.path.join(config.rlx_obj_root, "test", "cache")
