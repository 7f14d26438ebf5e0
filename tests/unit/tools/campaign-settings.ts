import type { CampaignSettings } from "../../../src/custom/mail/campaign-words";

/** A monthly campaign's settings, shared by the campaign page's and the change log's tests. */
export const SPRING_CAMPAIGN: CampaignSettings = {
  name: "Spring list: monthly postcard",
  customer_id: 4,
  list_id: 10,
  product_id: 2,
  template_id: null,
  cadence: "monthly",
  day_of_month: 15,
  month: null,
  delay_days: null,
  quantity_source: "fixed",
  quantity: 2500,
  mail_class: "marketing",
  lead_days: 3,
  drop_count: 2,
  active: true,
};
