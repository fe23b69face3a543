// The header's account corner on every page of the shell (sign in, or my games).
import { showAccountBar } from "./account.js";

showAccountBar();
