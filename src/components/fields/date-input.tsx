// antd's DatePicker over string values: a date is "YYYY-MM-DD" (a calendar day, no time zone),
// a datetime an ISO instant. The form and the API only ever see the strings.
import { DatePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";

interface DateInputProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  withTime?: boolean;
  id?: string;
  disabled?: boolean;
}

export const toDay = (value: Dayjs): string => value.format("YYYY-MM-DD");

export function DateInput({ value, onChange, withTime, id, disabled }: DateInputProps) {
  const parsed = value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      disabled={disabled}
      style={{ width: "100%" }}
      showTime={withTime ? { format: "HH:mm" } : false}
      format={withTime ? "YYYY-MM-DD HH:mm" : "YYYY-MM-DD"}
      value={parsed?.isValid() ? parsed : null}
      onChange={(next: Dayjs | null) =>
        onChange?.(next ? (withTime ? next.toISOString() : toDay(next)) : null)
      }
    />
  );
}
