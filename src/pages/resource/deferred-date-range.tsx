// The list's date range filter, loaded when wanted. Until then a read-only stand-in of the picker's size holds
// its place: pointing at it, focusing it or a value already in the filter (from the address) loads the picker,
// which takes the stand-in's place with the focus or its calendar open, so a click or Tab lands where it was aimed.
import { CalendarOutlined } from "@ant-design/icons";
import { Input } from "antd";
import { lazy, Suspense, useState } from "react";
import type { DateRangeFilterProps } from "./date-range-filter";

const loadPicker = () => import("./date-range-filter");
const DateRangeFilter = lazy(loadPicker);

type Reach = "none" | "point" | "focus" | "click";

export function DeferredDateRange(props: Omit<DateRangeFilterProps, "autoFocus" | "openOnMount">) {
  const hasValue = Boolean(props.from || props.to);
  const [reach, setReach] = useState<Reach>(hasValue ? "point" : "none");
  const standIn = (
    <Input
      readOnly
      className="list-date-range"
      aria-label={props.label}
      placeholder={`${props.label} from → to`}
      suffix={<CalendarOutlined aria-hidden />}
      onPointerEnter={() => setReach((was) => (was === "none" ? "point" : was))}
      onFocus={() => setReach((was) => (was === "click" ? was : "focus"))}
      onMouseDown={() => setReach("click")}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") setReach("click");
      }}
    />
  );
  if (reach === "none" && !hasValue) return standIn;
  return (
    <Suspense fallback={standIn}>
      <DateRangeFilter {...props} autoFocus={reach === "focus"} openOnMount={reach === "click"} />
    </Suspense>
  );
}
