#!/usr/bin/env python3
"""kiwisolver side of the Cassowary benchmark (the Swift side is Sources/ScrimBench/LayoutBench.swift).

Builds the same system: a chain of VIEWS views with left, width, top, height,

    left_0 == 0                                  width_0 >= 10, width_0 == 100 (weak)
    left_i == left_(i-1) + width_(i-1) + 8       width_i == width_(i-1)
    top_i == 0                                   height_i == 44

"solve" = add every constraint + updateVariables; "edits" = addEditVariable(width_0, strong), then
EDITS times suggestValue + updateVariables. Constraint objects are built before the clock starts.
Prints {"solve": seconds, "edits": seconds}, best of --repeat runs.
"""
import argparse
import json
import sys
import time

try:
    import kiwisolver as kiwi
except ImportError:
    sys.exit("kiwisolver is not installed: run `make test` (or `pip install kiwisolver`)")


def build_chain(views):
    left = [kiwi.Variable(f"left{i}") for i in range(views)]
    width = [kiwi.Variable(f"width{i}") for i in range(views)]
    top = [kiwi.Variable(f"top{i}") for i in range(views)]
    height = [kiwi.Variable(f"height{i}") for i in range(views)]
    constraints = []
    for i in range(views):
        if i == 0:
            constraints.append(left[0] == 0)
            constraints.append(width[0] >= 10)
            constraints.append((width[0] == 100) | "weak")
        else:
            constraints.append(left[i] == left[i - 1] + width[i - 1] + 8)
            constraints.append(width[i] == width[i - 1])
        constraints.append(top[i] == 0)
        constraints.append(height[i] == 44)
    return left, width, constraints


def run_once(views, edits):
    left, width, constraints = build_chain(views)
    solver = kiwi.Solver()
    add = solver.addConstraint
    start = time.perf_counter()
    for constraint in constraints:
        add(constraint)
    solver.updateVariables()
    solve = time.perf_counter() - start
    assert abs(left[-1].value() - (views - 1) * 108) < 1e-6, "kiwi solved the chain wrong"

    width0 = width[0]
    suggest, update = solver.suggestValue, solver.updateVariables
    start = time.perf_counter()
    solver.addEditVariable(width0, "strong")
    for k in range(edits):
        suggest(width0, 50 + k % 100)
        update()
    edit = time.perf_counter() - start
    if edits:
        w = 50 + (edits - 1) % 100
        assert abs(left[-1].value() - (views - 1) * (w + 8)) < 1e-6, "kiwi edited the chain wrong"
    return solve, edit


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=1000)
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    best_solve = best_edits = float("inf")
    for _ in range(args.repeat):
        solve, edit = run_once(args.views, args.edits)
        best_solve, best_edits = min(best_solve, solve), min(best_edits, edit)
    print(json.dumps({"solve": best_solve, "edits": best_edits}))


if __name__ == "__main__":
    main()
