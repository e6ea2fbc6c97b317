"""spirv-module.py FILE NAME: prints `spirv.module @NAME` of rlx-opt's
output FILE on its own, for mlir-translate --serialize-spirv (which takes a
spirv.module as the top-level op)."""
import sys

path, name = sys.argv[1], sys.argv[2]
lines = open(path).read().split("\n")
start = next(i for i, line in enumerate(lines)
             if line.lstrip().startswith("spirv.module @" + name + " "))
indent = lines[start][: len(lines[start]) - len(lines[start].lstrip())]
end = next(i for i in range(start + 1, len(lines))
           if lines[i] == indent + "}")
print("\n".join(line[len(indent):] for line in lines[start : end + 1]))
