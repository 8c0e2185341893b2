#![allow(missing_docs)] // criterion_group! makes undocumented items
//! Criterion benchmark of the value networks: one forward of each shipped network for a
//! two-seat batch (what the search asks at every leaf of a two-player game).
//!
//! `cargo bench -p tabula-ai --bench net`.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use tabula_ai::net::ValueNet;

fn forward(c: &mut Criterion) {
    for id in ValueNet::builtin_games() {
        let net = ValueNet::builtin(id).expect("a shipped network reads");
        let n = net.inputs();
        let batch: Vec<f32> = (0..2 * n).map(|i| (i * 31 % 7) as f32 / 7.0).collect();
        let mut out = [0.0f32; 2];
        c.bench_function(&format!("{id}/forward-2-rows"), |b| {
            b.iter(|| net.forward(black_box(&batch), 2, &mut out).unwrap())
        });
    }
}

criterion_group!(benches, forward);
criterion_main!(benches);
