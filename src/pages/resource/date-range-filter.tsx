// A date or datetime field's range filter: antd's RangePicker over the list's "gte"/"lte" filter values. Its own
// module because the picker (rc-picker with its calendars, some 32 KB gzip) is loaded only when a person reaches
// for it (deferred-date-range.tsx), not with every list's first load.
import { DatePicker } from "antd";
import dayjs from "dayjs";
import { toDay } from "../../components/fields/date-input";

export interface DateRangeFilterProps {
  label: string;
  withTime: boolean;
  from: unknown;
  to: unknown;
  /** The range's bounds as filter values ("YYYY-MM-DD", or ISO instants covering whole days); undefined: none. */
  onCommit: (from: string | undefined, to: string | undefined) => void;
  /** Focus the first input on mount: the person had tabbed into the stand-in. */
  autoFocus?: boolean;
  /** Open the calendar on mount: the person had clicked the stand-in. */
  openOnMount?: boolean;
}

export default function DateRangeFilter({
  label,
  withTime,
  from,
  to,
  onCommit,
  autoFocus,
  openOnMount,
}: DateRangeFilterProps) {
  return (
    <DatePicker.RangePicker
      className="list-date-range"
      aria-label={label}
      placeholder={[`${label} from`, "to"]}
      allowEmpty={[true, true]}
      autoFocus={autoFocus || openOnMount}
      defaultOpen={openOnMount}
      value={[from ? dayjs(String(from)) : null, to ? dayjs(String(to)) : null]}
      onChange={(range) => {
        const [start, end] = range ?? [null, null];
        // A datetime range covers whole days in the user's time zone.
        onCommit(
          start ? (withTime ? start.startOf("day").toISOString() : toDay(start)) : undefined,
          end ? (withTime ? end.endOf("day").toISOString() : toDay(end)) : undefined,
        );
      }}
    />
  );
}
