"""make-cache-seeds.py: writes corpus/cache-entry/*.rlxc, the artifacts of
corpus/artifact sealed as AOT cache entries (api/CacheEntry.h) under
rlx-fuzz-cache-entry's fixed secret (32 bytes of 0x5a), keyed by the SHA-256
of the file name. Run from test/Fuzz after the artifact seeds change."""
import glob
import hashlib
import hmac
import os
import struct

SECRET = b"\x5a" * 32
os.makedirs("corpus/cache-entry", exist_ok=True)
for path in sorted(glob.glob("corpus/artifact/*.rlxa")):
    name = os.path.basename(path)[: -len(".rlxa")]
    payload = open(path, "rb").read()
    key = hashlib.sha256(name.encode()).digest()
    head = b"RLXC" + struct.pack("<I", 1) + key + struct.pack("<Q", len(payload))
    tag = hmac.new(SECRET, head + payload, hashlib.sha256).digest()
    with open(f"corpus/cache-entry/{name}.rlxc", "wb") as f:
        f.write(head + tag + payload)
# Regressions and edges: an empty payload, a header alone.
key = hashlib.sha256(b"empty").digest()
head = b"RLXC" + struct.pack("<I", 1) + key + struct.pack("<Q", 0)
with open("corpus/cache-entry/empty-payload.rlxc", "wb") as f:
    f.write(head + hmac.new(SECRET, head, hashlib.sha256).digest())
