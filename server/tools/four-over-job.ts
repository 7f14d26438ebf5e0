import type { FourOverOption, FourOverOptionGroup, ProductChoice } from "./four-over";

// Which 4over product and options an order item goes as: the tenant's "Product → 4over product" field maps
// (src/resources/maps.ts) name the 4over product of a product's SKU (source_key SKU → target_key product UUID)
// and of an item's options (source_key "attribute:value" → target_key a 4over option's name or UUID; the
// colours as "colors:4-4"); the runsize is the item's quantity, the colorspec its colours. Pure: the routes
// read the maps and 4over's option groups and answer the problems as a 409.

export interface MapRow {
  source_key: string;
  target_key: string;
}

export interface ItemForJob {
  sku: string;
  quantity: number;
  color_spec: string | null;
  options: Record<string, string> | null;
}

export interface JobChoice {
  choice: ProductChoice;
  /** What the preview shows: each 4over group and the option chosen in it. */
  chosen: { group: string; option: string }[];
  /** The item's options no field map sends (they stay with the shop). */
  unmapped: string[];
}

const GROUPS = {
  runsize: /^run\s*size/i,
  colorspec: /^colou?r\s*spec/i,
  turnaround: /^turn\s*around/i,
};

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, "");
const COUNT = new Intl.NumberFormat("en-US");

/** The 4over product UUID mapped to a SKU, or null. */
export function mappedProduct(maps: MapRow[], sku: string): string | null {
  return maps.find((m) => m.source_key === sku)?.target_key ?? null;
}

function pick(options: FourOverOption[], wanted: string): FourOverOption | undefined {
  const w = norm(wanted);
  return options.find((o) => norm(o.option_name) === w || o.option_uuid === wanted);
}

/** The product and options to send, or the sentences that say why the item cannot go as it is. */
export function chooseJob(
  item: ItemForJob,
  productUuid: string,
  maps: MapRow[],
  groups: FourOverOptionGroup[],
): { ok: true; job: JobChoice } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const chosen: JobChoice["chosen"] = [];
  const target = (key: string) => maps.find((m) => m.source_key === key)?.target_key;
  const groupOf = (re: RegExp) => groups.find((g) => re.test(g.product_option_group_name.trim()));

  const runsizes = groupOf(GROUPS.runsize);
  const runsize = runsizes?.options.find(
    (o) => Number(o.option_name.replace(/[,\s]/g, "")) === item.quantity,
  );
  if (!runsizes || !runsize) {
    const sizes = (runsizes?.options ?? [])
      .map((o) => Number(o.option_name.replace(/[,\s]/g, "")))
      .filter((n) => Number.isFinite(n) && n > 0)
      .sort((a, b) => a - b);
    problems.push(
      sizes.length > 0
        ? `4over prints this product in runs of ${sizes.map((n) => COUNT.format(n)).join(", ")}: change the item's quantity (${COUNT.format(item.quantity)}) to one of them`
        : "4over lists no run sizes for this product: check the product mapped to it",
    );
  } else chosen.push({ group: runsizes.product_option_group_name, option: runsize.option_name });

  const colorspecs = groupOf(GROUPS.colorspec);
  const colours = item.color_spec
    ? (target(`colors:${item.color_spec.replace("/", "-")}`) ?? item.color_spec)
    : null;
  const colorspec =
    colours !== null
      ? pick(colorspecs?.options ?? [], colours)
      : colorspecs?.options.length === 1
        ? colorspecs.options[0]
        : undefined;
  if (!colorspecs || !colorspec) {
    const names = (colorspecs?.options ?? []).map((o) => o.option_name).join(", ");
    problems.push(
      colours === null
        ? `Set the item's colours: 4over offers ${names || "no colours"} for this product`
        : `4over does not print this product in ${colours}${names ? ` (it offers ${names})` : ""}: change the item's colours`,
    );
  } else chosen.push({ group: colorspecs.product_option_group_name, option: colorspec.option_name });

  // 4over picks the shortest free turnaround when none is sent; its first listed one is sent for the quote.
  const turnarounds = groupOf(GROUPS.turnaround);
  const turnaround = turnarounds?.options[0];
  if (turnarounds && turnaround)
    chosen.push({ group: turnarounds.product_option_group_name, option: turnaround.option_name });

  const others = groups.filter((g) => ![runsizes, colorspecs, turnarounds].includes(g));
  const optionUuids: string[] = [];
  const unmapped: string[] = [];
  for (const [attribute, value] of Object.entries(item.options ?? {})) {
    const wanted = target(`${attribute}:${value}`);
    if (wanted === undefined) {
      unmapped.push(`${attribute}: ${value}`);
      continue;
    }
    // The colours as an option too ("colors: 4-4" → 4/4): already sent as the colorspec (or runsize) chosen.
    if ([runsize, colorspec, turnaround].some((o) => o && pick([o], wanted))) continue;
    const found = others
      .map((g) => ({ g, o: pick(g.options, wanted) }))
      .find((x): x is { g: FourOverOptionGroup; o: FourOverOption } => x.o !== undefined);
    if (!found) {
      problems.push(
        `4over has no option “${wanted}” (mapped from ${attribute}: ${value}) for this product: change the field map`,
      );
      continue;
    }
    optionUuids.push(found.o.option_uuid);
    chosen.push({ group: found.g.product_option_group_name, option: found.o.option_name });
  }

  if (problems.length > 0 || !runsize || !colorspec) return { ok: false, problems };
  return {
    ok: true,
    job: {
      choice: {
        product_uuid: productUuid,
        runsize_uuid: runsize.option_uuid,
        colorspec_uuid: colorspec.option_uuid,
        turnaround_uuid: turnaround?.option_uuid ?? null,
        option_uuids: optionUuids,
      },
      chosen,
      unmapped,
    },
  };
}
