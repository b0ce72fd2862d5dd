// The logo the app's pages show, inlined in the bundle as a data URL (Vite's ?inline): it shows
// with no network even in a browser that refuses service workers, where a request for
// /favicon.svg fails once the network is cut and the image was broken (issue 51). The one file
// stays public/favicon.svg (the tab's icon, the server's pages).
import logo from '../../../public/favicon.svg?inline'

export const LOGO_SRC: string = logo
