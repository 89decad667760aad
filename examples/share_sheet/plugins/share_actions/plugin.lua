-- The share sheet's "More…" menu as a plugin: a protocol-style menu export whose items are methods of the
-- popup's delegate. `self` is the adapter: its own fields are the options given to scrim.menu, here
-- `onAction(item)`, which the app uses to act on the choice.
local ITEMS = {
  { id = "copyLink", title = "Copy link" },
  { id = "addToFavorites", title = "Add to favourites" },
  { id = "report", title = "Report…" },
}

local moreMenu = { items = ITEMS }

function moreMenu:didSelectItem(_, item)
  if self.onAction then return self.onAction(item) end
end

return {
  name = "share_actions",
  version = "1.0.0",
  description = "The share sheet's More… menu (copy link, add to favourites, report)",
  menus = { share_more = moreMenu },
}
