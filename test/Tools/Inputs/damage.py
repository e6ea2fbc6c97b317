"""damage.py FILE...: flips one bit in the middle byte of each FILE (a
damaged cache entry or artifact for the tests)."""
import sys

for path in sys.argv[1:]:
    with open(path, "rb") as f:
        data = bytearray(f.read())
    data[len(data) // 2] ^= 1
    with open(path, "wb") as f:
        f.write(data)
