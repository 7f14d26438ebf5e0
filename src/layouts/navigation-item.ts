// One entry of the navigation drawer. Plain data (no React), so resource declarations and
// custom pages can contribute entries without importing the layout.

export interface NavigationItem {
  /** The route the entry opens; also its menu key. */
  route: string;
  label: string;
  /** An icon name resolved by navigation-icons.tsx (e.g. "shop"); a default icon otherwise. */
  icon?: string;
  /** The menu group (e.g. "Orders"); entries without one stand at the top. */
  group?: string;
  /**
   * Shown only when the access-control provider allows `action` (default "list") on
   * `resource` (a kind such as "Vendor", or an API path). No `access`: always shown.
   */
  access?: { resource: string; action?: string };
  /** Shown only to product admins (a counted membership with is_admin), like the /settings page. */
  adminOnly?: boolean;
}
