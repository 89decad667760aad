-- expect: @:3: bad argument #1 to 'PopupWindow' (unknown option 'item' (items, delegate, name))
-- A constructor's error names the script's line, not Scrim's class prelude.
scrim.PopupWindow{ item = { "a" } }
