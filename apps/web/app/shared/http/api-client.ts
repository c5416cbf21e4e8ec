import { config } from "../../config.ts";
import { createHttpClient } from "./http-client.ts";

/** The client every feature uses to call the product API (`/v1/...`). */
export const apiClient = createHttpClient({ baseUrl: config.apiBaseUrl });
