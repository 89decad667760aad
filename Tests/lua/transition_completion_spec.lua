-- docs/API.md §5–6: what a transition's callbacks see when it completes, and what a tap past a presented view meets.
-- The bottom sheet both dimming specs present (Tests/lua/support, beside this file).
local here = debug.getinfo(1, "S").source:match("^@(.-)[^/]*$")
local content_controller = dofile(here .. "support/content_controller.lua")

describe("a transition's completion", function()
  -- UIKit: when the presentation completes, its animations are over; a tap then (in transition.didPresent, in the
  -- completion of present) lands on the dimming view as it does after the screen has settled.
  for _, place in ipairs({ "transition.didPresent", "completion of present" }) do
    it("sees its animations over: a tap in " .. place .. " reaches the dimming view", function()
      local taps = 0
      local Sheet = content_controller(scrim.BottomPresentViewController, {
        dimmingViewTapped = function() taps = taps + 1 end })
      local sheet = Sheet()
      local hit, why, dimming
      local function tapAbove()
        dimming = sheet.presentationController.dimmingView
        hit, why = scrim.tap(195, 100)
      end
      local hook = place == "transition.didPresent" and scrim.on(place, tapAbove) or nil
      scrim.present(sheet, true, place == "completion of present" and tapAbove or nil)
      scrim.settle()
      if hook then hook:remove() end
      assert.equal(dimming, hit, why)
      assert.equal(1, taps)
      assert.is_nil(scrim.rootViewController.presentedViewController) -- the tap dismissed it
    end)
  end

  it("is said as the tap meets it: past a presented view that lets touches through, to what is below", function()
    local Sheet = content_controller(scrim.BottomPresentViewController, { allowTapDimmingViewToDismiss = false })
    local sheet = Sheet()
    scrim.present(sheet)
    scrim.settle()
    sheet.presentationController.dimmingView.userInteractionEnabled = false
    local hit, why = scrim.tap(195, 100)
    assert.is_nil(hit)
    assert.equal('the tap at (195, 100) is ignored: "dimmingView" has userInteractionEnabled = false', why)
    sheet:dismiss()
    scrim.settle()
  end)
end)
