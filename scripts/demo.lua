-- The main demo: what `make demo` runs. It grows with each part of Scrim.
print(("Scrim %s on %s"):format(scrim.version, _VERSION))
