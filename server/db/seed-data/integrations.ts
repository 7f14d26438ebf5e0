import { defineSeed, type SeedRow } from "./define";

// The outside systems the shop talks to. Every credential here is fake (and labelled so): the
// demo never reaches a real service. 4over has no keys: /4-over-tool would use them to place real
// orders, so the demo says it is not configured until an administrator adds the shop's own.
interface Connection {
  name: string;
  kind: string;
  mode: "test" | "live";
  credentials: Record<string, string> | null;
  settings: Record<string, unknown>;
  active: boolean;
  sync: "never" | "ok" | "running" | "failed";
  /** Hours before the seed's "now" of the last sync. */
  syncedHoursAgo?: number;
}

const SHOP: Connection[] = [
  {
    name: "4over",
    kind: "four_over",
    mode: "live",
    credentials: null,
    settings: { base_url: "https://api.4over.com", default_shipping: "ups_ground", markup_percent: 35 },
    active: true,
    sync: "ok",
    syncedHoursAgo: 1,
  },
  {
    name: "Avanti Slingshot",
    kind: "avanti",
    mode: "live",
    credentials: { username: "pressroom-sync", password: "fake-avanti-password", company_id: "FAKE-0042" },
    settings: {
      base_url: "https://slingshot.avanti.example.com",
      push_sales_orders: true,
      push_invoices: true,
    },
    active: true,
    sync: "ok",
    syncedHoursAgo: 0.25,
  },
  {
    name: "USPS",
    kind: "usps",
    mode: "live",
    credentials: {
      client_id: "fake-usps-client-id",
      client_secret: "fake-usps-client-secret",
      crid: "12345678",
    },
    settings: { permit_number: "1234", entry_office_zip: "60607", mailer_id: "902345678" },
    active: true,
    sync: "ok",
    syncedHoursAgo: 6,
  },
  {
    name: "Twilio SMS",
    kind: "sms",
    mode: "live",
    credentials: { account_sid: "ACfake0000000000000000000000000000", auth_token: "fake-twilio-token" },
    settings: { from_number: "+13125550140", quiet_hours: { from: "21:00", to: "08:00" } },
    active: true,
    sync: "never",
  },
  {
    name: "Stripe",
    kind: "payment",
    mode: "live",
    credentials: { secret_key: "sk_test_fake_pressroom_demo", webhook_secret: "whsec_fake_pressroom_demo" },
    settings: { capture: "on_order", statement_descriptor: "PRESSROOM PRINT" },
    active: true,
    sync: "ok",
    syncedHoursAgo: 0.1,
  },
  {
    name: "UPS",
    kind: "carrier",
    mode: "live",
    credentials: { client_id: "fake-ups-client", client_secret: "fake-ups-secret", account_number: "FAKE1X" },
    settings: { pickup_time: "16:30", default_service: "ground" },
    active: true,
    sync: "failed",
    syncedHoursAgo: 3,
  },
  {
    name: "FedEx",
    kind: "carrier",
    mode: "test",
    credentials: { api_key: "fake-fedex-key", secret_key: "fake-fedex-secret", account_number: "000000000" },
    settings: { default_service: "FEDEX_2_DAY" },
    active: false,
    sync: "never",
  },
  {
    name: "Hot folder – Prinergy",
    kind: "hot_folder",
    mode: "live",
    credentials: { sftp_user: "prinergy", sftp_password: "fake-sftp-password" },
    settings: { host: "prinergy.plant.local", folder: "/hotfolders/gang-in" },
    active: true,
    sync: "running",
    syncedHoursAgo: 0.05,
  },
];

const SMALL_SHOP: Connection[] = [
  {
    name: "USPS",
    kind: "usps",
    mode: "test",
    credentials: { client_id: "fake-other-usps-id", client_secret: "fake-other-usps-secret" },
    settings: { entry_office_zip: "53714" },
    active: true,
    sync: "never",
  },
  {
    name: "Stripe",
    kind: "payment",
    mode: "test",
    credentials: { secret_key: "sk_test_fake_other_print" },
    settings: { capture: "on_ship" },
    active: true,
    sync: "ok",
    syncedHoursAgo: 12,
  },
];

export default defineSeed({
  rows: ({ full, now }) =>
    (full ? SHOP : SMALL_SHOP).map(
      (c): SeedRow => ({
        name: c.name,
        kind: c.kind,
        mode: c.mode,
        credentials: c.credentials,
        settings: c.settings,
        active: c.active,
        last_sync_at:
          c.syncedHoursAgo === undefined ? null : new Date(now.getTime() - c.syncedHoursAgo * 3_600_000),
        sync_status: c.sync,
      }),
    ),
});
