-- flags: --timeout 1
-- expect: timeout: exceeded the time budget of 1 s
-- within: 8
-- Thirty a* against thirty a's and no b: backtracking Lua's matcher runs without hooks, ended by the watchdog.
print(string.find(string.rep("a", 30), string.rep("a*", 30) .. "b"))
