#!/usr/bin/env python3
"""kiwisolver differential oracle for the Scrim Cassowary solver (Sources/Cassowary).

Generates COUNT seeded random systems, runs each through kiwisolver and prints JSON on stdout:

    {"systems": [{"seed": s, "variables": n, "ops": [...], "checks": [...]}, ...]}

ops, in order (ids name constraints; "ok" is false where kiwisolver raised UnsatisfiableConstraint):
    {"op": "add", "id": k, "terms": [[var, coeff], ...], "constant": c, "relation": "==|<=|>=",
     "strength": w, "ok": bool}                       w >= 1001001000 means required
    {"op": "remove", "id": k}
    {"op": "setConstant", "id": k, "constant": c, "ok": bool}   kiwi: remove, then add with c
                                                     (the old constraint is put back if that fails)
    {"op": "setStrength", "id": k, "strength": w}              kiwi: remove, then add with w
    {"op": "addEdit", "var": v, "strength": w}
    {"op": "suggest", "var": v, "value": x}
    {"op": "removeEdit", "var": v}
checks (after op index "after"): kiwi's "values" of every variable, the optimal weighted error
"objective" (sum of strength * violation over optional constraints and edits), and "unique":
whether two replays of the active system in shuffled orders gave the same values (the generator
gives every variable a weak preference of its own random strength, so this is almost always true).

After an unsatisfiable add, kiwi is rebuilt from the accepted operations, because kiwi leaves the
tableau modified by the failed phase-1 pivots. kiwi can also abort the process (an uncaught C++
InternalSolverError, "The objective is unbounded.", on a few rare systems): each system is
generated in a forked child, and one that kills it is listed as {"seed": s, "skipped": reason}.
"""
import argparse
import json
import os
import random
import sys

try:
    import kiwisolver as kiwi
except ImportError:
    sys.stderr.write("layout_oracle.py: python3 cannot import kiwisolver; run `make test` (it installs it) "
                     "or `pip install kiwisolver`\n")
    sys.exit(3)

REQUIRED = kiwi.strength.required
STRONG, MEDIUM, WEAK = kiwi.strength.strong, kiwi.strength.medium, kiwi.strength.weak
COEFFICIENTS = [1, 1, 1, -1, -1, 2, -2, 0.5, -0.5, 3]


class Model:
    """The accepted system: what a fresh solver would be given to reach the same state."""

    def __init__(self, count):
        self.vars = [kiwi.Variable(f"v{i}") for i in range(count)]
        self.active = {}   # id -> spec, in insertion order
        self.edits = {}    # var -> [strength, value]

    def make(self, spec):
        expr = sum((coeff * self.vars[v] for v, coeff in spec["terms"]), spec["constant"] + 0 * self.vars[0])
        if spec["relation"] == "==":
            cn = expr == 0
        elif spec["relation"] == "<=":
            cn = expr <= 0
        else:
            cn = expr >= 0
        return cn | spec["strength"]

    def build(self, order=None):
        solver = kiwi.Solver()
        objects = {}
        ids = list(self.active) if order is None else order
        for k in ids:
            objects[k] = self.make(self.active[k])
            solver.addConstraint(objects[k])
        for v, (strength, value) in self.edits.items():
            solver.addEditVariable(self.vars[v], strength)
            solver.suggestValue(self.vars[v], value)
        solver.updateVariables()
        return solver, objects

    def values(self):
        return [v.value() for v in self.vars]

    def objective(self, values):
        total = 0.0
        for spec in self.active.values():
            if spec["strength"] >= REQUIRED:
                continue
            e = spec["constant"] + sum(c * values[v] for v, c in spec["terms"])
            if spec["relation"] == "==":
                violation = abs(e)
            elif spec["relation"] == "<=":
                violation = max(0.0, e)
            else:
                violation = max(0.0, -e)
            total += spec["strength"] * violation
        for v, (strength, value) in self.edits.items():
            total += strength * abs(values[v] - value)
        return total


def random_strength(rng):
    roll = rng.random()
    if roll < 0.45:
        return REQUIRED
    base = rng.choice([STRONG, MEDIUM, WEAK])
    return base * rng.uniform(0.5, 2.0)


class Run:
    """One random system: the model, the live kiwi solver, and the operations so far."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.count = self.rng.randint(2, 8)
        self.model = Model(self.count)
        self.solver = kiwi.Solver()
        self.objects = {}
        self.ops = []
        self.next_id = 0
        self.preferences = set()

    def add_spec(self, spec):
        """Adds to kiwi; returns whether kiwi accepted it (rebuilding kiwi if not)."""
        cn = self.model.make(spec)
        try:
            self.solver.addConstraint(cn)
        except kiwi.UnsatisfiableConstraint:
            self.solver, self.objects = self.model.build()
            return False
        self.objects[spec["id"]] = cn
        self.model.active[spec["id"]] = spec
        return True

    def drop(self, k):
        self.solver.removeConstraint(self.objects.pop(k))
        return self.model.active.pop(k)

    def new_spec(self, terms, constant, relation, strength):
        spec = {"id": self.next_id, "terms": terms, "constant": constant, "relation": relation,
                "strength": strength}
        self.next_id += 1
        return spec

    def step(self):
        rng, model = self.rng, self.model
        roll = rng.random()
        removable = [k for k in model.active if k not in self.preferences]
        optional = [k for k in removable if model.active[k]["strength"] < REQUIRED]
        free = [v for v in range(self.count) if v not in model.edits]
        if roll < 0.50 or not removable:
            chosen = rng.sample(range(self.count), rng.randint(1, min(3, self.count)))
            spec = self.new_spec([[v, rng.choice(COEFFICIENTS)] for v in chosen], rng.randint(-60, 60),
                                 rng.choice(["==", "<=", ">="]), random_strength(rng))
            ok = self.add_spec(spec)
            self.ops.append(dict(op="add", ok=ok, **spec))
        elif roll < 0.58:
            k = rng.choice(removable)
            self.drop(k)
            self.ops.append({"op": "remove", "id": k})
        elif roll < 0.68:
            k = rng.choice(removable)
            old = self.drop(k)
            constant = rng.randint(-60, 60)
            ok = self.add_spec(dict(old, constant=constant))
            if not ok:
                assert self.add_spec(old), "kiwi refused a constraint it held before"
            self.ops.append({"op": "setConstant", "id": k, "constant": constant, "ok": ok})
        elif roll < 0.74 and optional:
            k = rng.choice(optional)
            old = self.drop(k)
            strength = rng.choice([STRONG, MEDIUM, WEAK]) * rng.uniform(0.5, 2.0)
            assert self.add_spec(dict(old, strength=strength))
            self.ops.append({"op": "setStrength", "id": k, "strength": strength})
        elif roll < 0.82 and free:
            v = rng.choice(free)
            strength = rng.choice([STRONG, MEDIUM]) * rng.uniform(0.5, 2.0)
            self.solver.addEditVariable(model.vars[v], strength)
            model.edits[v] = [strength, 0.0]
            self.ops.append({"op": "addEdit", "var": v, "strength": strength})
        elif roll < 0.96 and model.edits:
            v = rng.choice(sorted(model.edits))
            value = float(rng.randint(-100, 100))
            self.solver.suggestValue(model.vars[v], value)
            model.edits[v][1] = value
            self.ops.append({"op": "suggest", "var": v, "value": value})
        elif model.edits:
            v = rng.choice(sorted(model.edits))
            self.solver.removeEditVariable(model.vars[v])
            del model.edits[v]
            self.ops.append({"op": "removeEdit", "var": v})


def generate(seed):
    run = Run(seed)
    rng = run.rng
    # Every variable gets a weak preference of its own strength, so optima are unique.
    for v in range(run.count):
        spec = run.new_spec([[v, 1]], -rng.randint(-100, 100), "==", WEAK * rng.uniform(0.2, 5.0))
        run.add_spec(spec)
        run.preferences.add(spec["id"])
        run.ops.append(dict(op="add", ok=True, **spec))
    checks = []
    length = rng.randint(8, 40)
    for step in range(length):
        run.step()
        if step == length // 2 or step == length - 1:
            checks.append(check(run.model, run.solver, len(run.ops) - 1, rng))
    return {"seed": seed, "variables": run.count, "ops": run.ops, "checks": checks}


def check(model, solver, after, rng):
    solver.updateVariables()
    values = model.values()
    objective = model.objective(values)
    unique = True
    for _ in range(2):
        order = list(model.active)
        rng.shuffle(order)
        model.build(order)
        again = model.values()
        if any(abs(a - b) > 1e-7 for a, b in zip(values, again)):
            unique = False
    # Rebuilding touched the shared variables: put kiwi's own answer back.
    solver.updateVariables()
    return {"after": after, "values": values, "objective": objective, "unique": unique}


def generate_all(seeds):
    """`generate` for every seed, in forked children so that a kiwi abort loses only its system.

    A child writes one JSON line per finished system; when it dies, the seed it was working on is
    marked skipped and a new child carries on with the next one.
    """
    systems = []
    pending = list(seeds)
    while pending:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 2)
            with os.fdopen(write_end, "w") as out:
                for seed in pending:
                    try:
                        system = generate(seed)
                    except BaseException as error:  # a Python-level kiwi error: report it, do not hide it
                        system = {"seed": seed, "error": repr(error)}
                    out.write(json.dumps(system, separators=(",", ":")) + "\n")
                    out.flush()
            os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end, "r") as incoming:
            done = [json.loads(line) for line in incoming if line.endswith("\n")]
        os.waitpid(pid, 0)
        for system in done:
            if "error" in system:
                sys.exit(f"layout_oracle.py: seed {system['seed']}: {system['error']}")
        systems += done
        pending = pending[len(done):]
        if pending:
            systems.append({"seed": pending[0], "skipped": "kiwisolver aborted (uncaught C++ InternalSolverError)"})
            pending = pending[1:]
    return systems


def main():
    parser = argparse.ArgumentParser(description="kiwisolver differential oracle")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=1000)
    args = parser.parse_args()
    systems = generate_all([args.seed * 1_000_003 + i for i in range(args.count)])
    json.dump({"systems": systems}, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
