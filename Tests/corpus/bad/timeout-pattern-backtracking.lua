-- flags: --timeout 1
-- expect: timeout: exceeded the time budget of 1 s
-- within: 8
print(string.rep("a", 40):find(string.rep("a?", 40) .. string.rep("a", 40) .. "b"))
