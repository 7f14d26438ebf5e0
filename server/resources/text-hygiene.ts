// Text hygiene for the server (validators, unique-code normalisation): the app's form rules
// share the same definitions, so they live in the resource engine.
export {
  BIDI_MESSAGE,
  CONTROL_MESSAGE,
  hasControlOrBidi,
  isBlankText,
  LINE_BREAK_MESSAGE,
  stripInvisible,
  textHygieneError,
} from "../../src/resource-engine/text-hygiene";
