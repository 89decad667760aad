#!/usr/bin/env python3
"""kiwisolver side of the view-layout benchmarks (the Lua side is scripts/bench_layout_views.lua).

The same systems, one variable each for left, top, width and height of every view, the window at 0, 0. Whenever the
Lua side lays out (and so assigns the frames that changed), this side reads the value of every variable back after
updateVariables, as a layout built on kiwisolver must to set the frames (kiwisolver does not say which changed):

  chain VIEWS EDITS:  view 0 at left 0, top 0, width == w (an edit variable, strong), height 44; view i:
                      left_i == left_(i-1) + width_(i-1) + 1, top_i == top_(i-1), width_i == width_(i-1),
                      height_i == height_(i-1). "build" = making the variables and constraints, adding them,
                      updateVariables and reading every variable; "edits" = EDITS times suggestValue(width_0),
                      updateVariables and reading every variable.
  remove VIEWS COUNT: the chain, solved; "remove" = removing the constraints the Lua side deactivates when it takes
                      the last COUNT views out of the window, in the same order (view k's four, then view k+1's four
                      that relate it to view k), then updateVariables and reading the variables of the views left.
  rows ROWS FRAMES:   ROWS rows of 10 views: top == the row's top, height == 4, width == 0.1 * 390 - 2, the first
                      one's left == the row's inset (an edit variable), each next left == previous right + 1;
                      "frame" = one row's inset suggested, updateVariables and reading every variable.

Prints {"name": seconds, ...}, best of REPEAT runs, in CPU time (time.process_time), as the Lua side measures.
"""
import json
import sys
import time

try:
    import kiwisolver as kiwi
except ImportError:
    sys.exit("kiwisolver is not installed: run scripts/setup (or `pip install kiwisolver`)")

clock = time.process_time


def read_back(variables):
    """The values of `variables`, as a layout reads them to set the frames."""
    return [variable.value() for variable in variables]


def build_chain(views):
    """The chain, solved and read back: (solver, each view's variables, each view's constraints, width_0)."""
    solver = kiwi.Solver()
    left, top, width, height = (kiwi.Variable(), kiwi.Variable(), kiwi.Variable(), kiwi.Variable())
    first = [left == 0, top == 0, height == 44]
    for constraint in first:
        solver.addConstraint(constraint)
    solver.addEditVariable(width, "strong")
    solver.suggestValue(width, 100)
    variables, constraints = [left, top, width, height], [first]
    first_width = width
    for _ in range(1, views):
        l, t, w, h = kiwi.Variable(), kiwi.Variable(), kiwi.Variable(), kiwi.Variable()
        own = [l == left + width + 1, t == top, w == width, h == height]
        for constraint in own:
            solver.addConstraint(constraint)
        variables += [l, t, w, h]
        constraints.append(own)
        left, top, width, height = l, t, w, h
    solver.updateVariables()
    read_back(variables)
    return solver, variables, constraints, first_width


def chain(views, edits):
    start = clock()
    solver, variables, _, first_width = build_chain(views)
    build = clock() - start
    last_left = variables[-4]
    assert abs(last_left.value() - (views - 1) * 101) < 1e-6, "kiwi built the chain wrong"
    suggest, update = solver.suggestValue, solver.updateVariables
    start = clock()
    for k in range(edits):
        suggest(first_width, 50 + k % 100)
        update()
        read_back(variables)
    edit = clock() - start
    assert abs(last_left.value() - (views - 1) * (50 + (edits - 1) % 100 + 1)) < 1e-6, "kiwi edited the chain wrong"
    return {"build": build, "edits": edit}


def remove(views, count):
    solver, variables, constraints, _ = build_chain(views)
    kept = views - count
    start = clock()
    removed = [False] * views
    for k in range(kept, views):
        for view in (k, k + 1):
            if view < views and not removed[view]:
                removed[view] = True
                for constraint in constraints[view]:
                    solver.removeConstraint(constraint)
    solver.updateVariables()
    read_back(variables[:4 * kept])
    seconds = clock() - start
    assert abs(variables[4 * (kept - 1)].value() - (kept - 1) * 101) < 1e-6, "kiwi removed views wrong"
    return {"remove": seconds}


def rows(count, frames):
    solver = kiwi.Solver()
    insets, last, variables = [], [], []
    for r in range(count):
        inset = kiwi.Variable()
        solver.addEditVariable(inset, "strong")
        solver.suggestValue(inset, 0)
        row_top = r * 4
        previous = None
        for _ in range(10):
            l, t, w, h = kiwi.Variable(), kiwi.Variable(), kiwi.Variable(), kiwi.Variable()
            variables += [l, t, w, h]
            solver.addConstraint(t == row_top)
            solver.addConstraint(h == 4)
            solver.addConstraint(w == 0.1 * 390 - 2)
            solver.addConstraint(l == (previous[0] + previous[1] + 1 if previous else inset))
            previous = (l, w)
        insets.append(inset)
        last.append(previous[0])
    solver.updateVariables()
    start = clock()
    for f in range(1, frames + 1):
        solver.suggestValue(insets[(f - 1) % count], f % 7)
        solver.updateVariables()
        read_back(variables)
    frame = (clock() - start) / frames
    assert abs(last[(frames - 1) % count].value() - (frames % 7 + 9 * 38)) < 1e-6, "kiwi laid out the rows wrong"
    return {"frame": frame}


def main():
    mode, size, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    repeats = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    run = {"chain": chain, "remove": remove, "rows": rows}[mode]
    best = {}
    for _ in range(repeats):
        for name, seconds in run(size, count).items():
            best[name] = min(best.get(name, float("inf")), seconds)
    print(json.dumps(best))


if __name__ == "__main__":
    main()
