//! The browser client (`web/app`), the rules (`docs/rules`) and the player's guides
//! (`docs/guides`) are embedded with
//! `include_dir!`; this makes Cargo rebuild the server when one of their files changes.

fn main() {
    println!("cargo:rerun-if-changed=../../web/app");
    println!("cargo:rerun-if-changed=../../docs/rules");
    println!("cargo:rerun-if-changed=../../docs/guides");
}
