//! Write the struct back unchanged, plus `impl smem_lint::SmemChecked`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use smem_lint::model::{Epilogue, EpilogueTile, Family, Fusion, KernelConfig, Layout, StagePolicy};

use smem_lint::rust_attr::Checked;

fn variant(debug: impl std::fmt::Debug) -> proc_macro2::Ident {
    format_ident!("{}", format!("{debug:?}"))
}

fn layout(l: Layout) -> TokenStream {
    let v = variant(l);
    quote!(::smem_lint::model::Layout::#v)
}

fn output(o: smem_lint::model::Output) -> TokenStream {
    let v = variant(o);
    quote!(::smem_lint::model::Output::#v)
}

/// One EVT node as a constant expression.
fn evt_node(n: smem_lint::model::EvtNode) -> TokenStream {
    use smem_lint::model::EvtNode;
    let m = quote!(::smem_lint::model::fusion);
    match n {
        EvtNode::Evt { children } => quote!(#m::EvtNode::Evt { children: #children }),
        EvtNode::Compute { op, out, compute } => {
            let (op, out, compute) = (variant(op), variant(out), variant(compute));
            quote!(#m::EvtNode::Compute { op: #m::ComputeOp::#op, out: #m::Scalar::#out, compute: #m::Scalar::#compute })
        }
        EvtNode::AccFetch => quote!(#m::EvtNode::AccFetch),
        EvtNode::SrcFetch => quote!(#m::EvtNode::SrcFetch),
        EvtNode::Load { kind, element } => {
            let (kind, element) = (variant(kind), variant(element));
            quote!(#m::EvtNode::Load { kind: #m::Broadcast::#kind, element: #m::Scalar::#element })
        }
    }
}

/// `KernelConfig { ... }` as a constant expression.
fn config_tokens(c: &KernelConfig) -> TokenStream {
    let m = quote!(::smem_lint::model);
    let (arch, cutlass, kind, a, b, schedule) =
        (variant(c.arch), variant(c.cutlass), variant(c.kind), variant(c.a), variant(c.b), variant(c.schedule));
    let epilogue_schedule = variant(c.epilogue_schedule);
    let (co, d) = (output(c.c), output(c.d));
    let (la, lb, lc, ld) = (layout(c.layout_a), layout(c.layout_b), layout(c.layout_c), layout(c.layout_d));
    let epilogue_tile = match c.epilogue_tile {
        EpilogueTile::Auto => quote!(#m::EpilogueTile::Auto),
        EpilogueTile::Explicit { m: em, n: en } => quote!(#m::EpilogueTile::Explicit { m: #em, n: #en }),
    };
    let fusion = match c.fusion {
        Fusion::PerColBias(t) => {
            let t = output(t);
            quote!(#m::Fusion::PerColBias(#t))
        }
        Fusion::LinCombBlockScaleFactor(s) => {
            let (v, sf, l, db, cb) = (s.vector, variant(s.sf), layout(s.layout), s.d_bits, s.c_bits);
            quote!(#m::Fusion::LinCombBlockScaleFactor(#m::BlockScaleFactorSpec {
                vector: #v, sf: #m::ScaleFactor::#sf, layout: #l, d_bits: #db, c_bits: #cb
            }))
        }
        Fusion::Evt(tree) => {
            let len = tree.len;
            let nodes = tree.nodes.iter().map(|n| evt_node(*n));
            quote!(#m::Fusion::Evt(#m::EvtTree { len: #len, nodes: [#(#nodes),*] }))
        }
        other => {
            let v = variant(other);
            quote!(#m::Fusion::#v)
        }
    };
    let epilogue = match c.epilogue {
        Epilogue::Builder => quote!(#m::Epilogue::Builder),
        Epilogue::Declared { smem_bytes } => quote!(#m::Epilogue::Declared { smem_bytes: #smem_bytes }),
        Epilogue::TrtllmMoe { fusion, swap_ab } => {
            let f = variant(fusion);
            quote!(#m::Epilogue::TrtllmMoe { fusion: #m::MoeFusion::#f, swap_ab: #swap_ab })
        }
    };
    let stages = match c.stages {
        StagePolicy::Fixed(n) => quote!(#m::StagePolicy::Fixed(#n)),
        StagePolicy::AutoCarveout(n) => quote!(#m::StagePolicy::AutoCarveout(#n)),
        other => {
            let v = variant(other);
            quote!(#m::StagePolicy::#v)
        }
    };
    let family = match c.family {
        Family::BlockScaled => quote!(#m::Family::BlockScaled),
        Family::F8f6f4 => quote!(#m::Family::F8f6f4),
        Family::Blockwise(g) => {
            let (gm, gn, gk) = (g.m, g.n, g.k);
            quote!(#m::Family::Blockwise(#m::Granularity { m: #gm, n: #gn, k: #gk }))
        }
        Family::Dsl(f) => {
            let v = variant(f);
            quote!(#m::Family::Dsl(#m::dsl::DslFamily::#v))
        }
    };
    let dsl = dsl_tokens(&c.dsl, &m);
    let epilogue_cta_tile = match c.epilogue_cta_tile {
        None => quote!(None),
        Some(t) => {
            let (em, en, ek) = (t.m, t.n, t.k);
            quote!(Some(#m::Tile { m: #em, n: #en, k: #ek }))
        }
    };
    let warp = match c.warp {
        None => quote!(None),
        Some(w) => {
            let (wm, wn, wk) = (w.m, w.n, w.k);
            quote!(Some(#m::Tile { m: #wm, n: #wn, k: #wk }))
        }
    };
    let scheduler = variant(c.scheduler);
    let epilogue_op_class = variant(c.epilogue_op_class);
    let dynamic_cluster = c.dynamic_cluster;
    let (tm, tn, tk) = (c.tile.m, c.tile.n, c.tile.k);
    let (cm, cn, ck) = (c.cluster.m, c.cluster.n, c.cluster.k);
    quote! {
        #m::KernelConfig {
            arch: #m::Arch::#arch,
            cutlass: #m::CutlassVersion::#cutlass,
            family: #family,
            kind: #m::KernelKind::#kind,
            a: #m::Operand::#a,
            b: #m::Operand::#b,
            layout_a: #la,
            layout_b: #lb,
            c: #co,
            d: #d,
            layout_c: #lc,
            layout_d: #ld,
            fusion: #fusion,
            epilogue_tile: #epilogue_tile,
            epilogue_cta_tile: #epilogue_cta_tile,
            epilogue_op_class: #m::EpilogueOpClass::#epilogue_op_class,
            scheduler: #m::TileScheduler::#scheduler,
            epilogue: #epilogue,
            tile: #m::Tile { m: #tm, n: #tn, k: #tk },
            warp: #warp,
            cluster: #m::Cluster { m: #cm, n: #cn, k: #ck },
            dynamic_cluster: #dynamic_cluster,
            schedule: #m::Schedule::#schedule,
            epilogue_schedule: #m::EpilogueSchedule::#epilogue_schedule,
            stages: #stages,
            dsl: #dsl,
        }
    }
}

/// `#m::dsl::Dsl { ... }`: the DSL kernel's release and shape, every key as written.
fn dsl_tokens(d: &smem_lint::model::dsl::Dsl, m: &TokenStream) -> TokenStream {
    fn opt<T>(v: Option<T>, f: impl FnOnce(T) -> TokenStream) -> TokenStream {
        v.map_or_else(
            || quote!(None),
            |v| {
                let t = f(v);
                quote!(Some(#t))
            },
        )
    }
    let n = |v: Option<u64>| opt(v, |x| quote!(#x));
    let flashinfer = opt(d.flashinfer, |v| {
        let v = variant(v);
        quote!(#m::dsl::FlashinferVersion::#v)
    });
    let flash_attn = opt(d.flash_attn, |v| {
        let v = variant(v);
        quote!(#m::dsl::FlashAttnVersion::#v)
    });
    let activation = opt(d.activation, |v| {
        let v = variant(v);
        quote!(#m::dsl::Activation::#v)
    });
    let dtype = opt(d.dtype, |v| {
        let v = variant(v);
        quote!(#m::dsl::AttnDtype::#v)
    });
    let causal = opt(d.causal, |b| quote!(#b));
    let tile = opt(d.tile, |[tm, tn]| quote!([#tm, #tn]));
    let (hidden, intermediate, experts, top_k, tokens, sm_count) =
        (n(d.hidden), n(d.intermediate), n(d.experts), n(d.top_k), n(d.tokens), n(d.sm_count));
    let (dm, dn, dk, head_dim, head_dim_v) = (n(d.m), n(d.n), n(d.k), n(d.head_dim), n(d.head_dim_v));
    quote! {
        #m::dsl::Dsl {
            flashinfer: #flashinfer,
            flash_attn: #flash_attn,
            hidden: #hidden,
            intermediate: #intermediate,
            experts: #experts,
            top_k: #top_k,
            tokens: #tokens,
            activation: #activation,
            sm_count: #sm_count,
            m: #dm,
            n: #dn,
            k: #dk,
            head_dim: #head_dim,
            head_dim_v: #head_dim_v,
            causal: #causal,
            dtype: #dtype,
            tile: #tile,
        }
    }
}

/// The struct with `#[allow(dead_code)]` on its marker fields: they declare configuration and are
/// never read, which rustc would otherwise warn about on every field.
fn with_marker_fields_allowed(input: &syn::DeriveInput) -> syn::DeriveInput {
    let mut item = input.clone();
    if let syn::Data::Struct(s) = &mut item.data {
        for f in &mut s.fields {
            if smem_lint::rust_attr::fields::marker_of(&f.ty).is_some() {
                f.attrs.push(syn::parse_quote!(#[allow(dead_code)]));
            }
        }
    }
    item
}

pub fn expand(input: &syn::DeriveInput, c: &Checked) -> TokenStream {
    let name = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let name_str = name.to_string();
    let e = &c.entry;
    let config = config_tokens(&e.config);
    let archs = e.archs.iter().map(|a| {
        let v = variant(a);
        quote!(::smem_lint::model::Arch::#v)
    });
    let (kb, mb, eb, st, hr) = (e.kernel_bytes, e.mainloop_bytes, e.epilogue_bytes, e.stages, c.headroom);
    let item = with_marker_fields_allowed(input);
    quote! {
        #item
        impl #impl_generics ::smem_lint::SmemChecked for #name #ty_generics #where_clause {
            const NAME: &'static str = #name_str;
            const CONFIG: ::smem_lint::model::KernelConfig = #config;
            const ARCHS: &'static [::smem_lint::model::Arch] = &[#(#archs),*];
            const KERNEL_BYTES: u64 = #kb;
            const MAINLOOP_BYTES: u64 = #mb;
            const EPILOGUE_BYTES: u64 = #eb;
            const STAGES: u64 = #st;
            const HEADROOM: u64 = #hr;
        }
    }
}
