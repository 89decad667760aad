-- Scrim's own assertions: assert.rect_near, for frames, and assert.snapshot, the window against its reference
-- image.
local lib = ...
local check, numberText = lib.check, lib.numberText
local type, tonumber, format, abs = type, tonumber, string.format, math.abs

local function badArgument(position, expected, got)
  return lib.text("assertion.internal.badargtype", { position, "rect_near", expected, got })
end

local sides = { "x", "y", "width", "height" }

-- A rect as {x=, y=, width=, height=} (or w/h), {x, y, w, h}, or anything that indexes so (a view's frame).
local function rectOf(value, position)
  local kind = type(value)
  check(kind == "table" or kind == "userdata", badArgument(position, "rect", kind))
  local rect = { x = value.x or value[1], y = value.y or value[2], width = value.width or value.w or value[3],
                 height = value.height or value.h or value[4] }
  for _, side in ipairs(sides) do
    check(type(rect[side]) == "number", badArgument(position, "rect with a number " .. side, kind))
  end
  return rect
end

local function rectText(rect)
  return format("{x = %s, y = %s, width = %s, height = %s}", numberText(rect.x), numberText(rect.y),
    numberText(rect.width), numberText(rect.height))
end

-- assert.rect_near(actual, expected [, tolerance = 0.5 [, message]]): the message names the first side that is off.
lib.register("assertion", "rect_near", function(chain, arguments)
  local actual, expected = rectOf(arguments[1], 1), rectOf(arguments[2], 2)
  local tolerance = 0.5
  if arguments[3] ~= nil then
    tolerance = tonumber(arguments[3])
    check(tolerance, badArgument(3, "number", type(arguments[3])))
  end
  local off
  for _, side in ipairs(sides) do
    -- Written so that a NaN coordinate is off.
    if not (abs(actual[side] - expected[side]) <= tolerance) then off = off or side end
  end
  if arguments[4] ~= nil then chain.failure_message = arguments[4] end
  arguments[1], arguments[2], arguments[3], arguments[4] = numberText(tolerance), off or "none", rectText(actual), rectText(expected)
  arguments.n, arguments.nofmt = 4, { true, true, true, true }
  return off == nil
end, "assertion.rect_near.positive", "assertion.rect_near.negative")

-- assert.snapshot(name [, {tolerance =, share =}]): the comparison is the rendering module's (lib.snapshotHandler,
-- set by the runner), which also writes the reference under --update-snapshots (lib.updateSnapshots).
lib.register("assertion", "snapshot", function(_, arguments)
  local handler = lib.snapshotHandler
  check(handler, "snapshot tests need the rendering module")
  local holds, report = handler(arguments[1], lib.updateSnapshots, arguments[2])
  arguments[1], arguments.n, arguments.nofmt = report or "", 1, { true }
  return holds
end, "assertion.snapshot.positive", "assertion.snapshot.negative")
