// antd's TimePicker over "HH:mm" strings, as the settings' business hours are written.
import { TimePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";

interface TimeOfDayInputProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
  "aria-label"?: string;
}

export function TimeOfDayInput({ value, onChange, ...props }: TimeOfDayInputProps) {
  const parsed = value ? dayjs(`2000-01-01T${value}`) : null;
  return (
    <TimePicker
      {...props}
      format="HH:mm"
      minuteStep={5}
      needConfirm={false}
      allowClear={false}
      value={parsed?.isValid() ? parsed : null}
      onChange={(next: Dayjs | null) => onChange?.(next ? next.format("HH:mm") : "")}
    />
  );
}
