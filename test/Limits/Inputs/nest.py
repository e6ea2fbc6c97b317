# nest.py DEPTH — prints a function whose body nests DEPTH scf.execute_region
# ops, to probe the parser's nesting limit.
import sys

depth = int(sys.argv[1])
print("func.func @deep() {")
for _ in range(depth):
    print("scf.execute_region {")
for _ in range(depth):
    print("scf.yield\n}")
print("return\n}")
